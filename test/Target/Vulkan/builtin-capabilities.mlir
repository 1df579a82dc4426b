// RUN: tile-opt --split-input-file --pass-pipeline='builtin.module(spirv.module(tile-vulkan-builtin-capabilities))' %s | FileCheck %s

// A module that reads the subgroup id gets GroupNonUniform, which
// spirv-update-vce leaves out (spirv-val: "Operand 3 of Decorate requires
// one of these capabilities: Kernel GroupNonUniform").
// CHECK-LABEL: spirv.module @subgroup_id
// CHECK-SAME: requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, GroupNonUniform], [SPV_KHR_cooperative_matrix]>
spirv.module @subgroup_id Logical GLSL450 requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  spirv.GlobalVariable @id built_in("SubgroupId") : !spirv.ptr<i32, Input>
}

// -----

// A module that declares it already, or reads no subgroup built-in, is
// left as it is.
// CHECK-LABEL: spirv.module @declared
// CHECK-SAME: requires #spirv.vce<v1.3, [GroupNonUniform, Shader], []>
spirv.module @declared Logical GLSL450 requires #spirv.vce<v1.3, [GroupNonUniform, Shader], []> {
  spirv.GlobalVariable @size built_in("NumSubgroups") : !spirv.ptr<i32, Input>
}

// -----

// CHECK-LABEL: spirv.module @no_subgroups
// CHECK-SAME: requires #spirv.vce<v1.0, [Shader], []>
spirv.module @no_subgroups Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @id built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
}

// -----

// GroupNonUniform needs SPIR-V 1.3: a module whose ops alone needed 1.0
// (spirv-update-vce's choice) is raised to 1.3 (spirv-val: "operand
// GroupNonUniform(61) requires SPIR-V version 1.3 or later"; a kernel that
// read gpu.lane_id and nothing else of subgroups).
// CHECK-LABEL: spirv.module @lane_id
// CHECK-SAME: requires #spirv.vce<v1.3, [Shader, GroupNonUniform], []>
spirv.module @lane_id Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @lane built_in("SubgroupLocalInvocationId") : !spirv.ptr<i32, Input>
}
