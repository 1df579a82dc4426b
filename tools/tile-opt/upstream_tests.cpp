// Upstream MLIR's test passes and test dialects in tile-opt.
//
// MLIR's own lit tests run mlir-opt with the `test` dialect and the
// `test-*` passes, which live in the libMLIR*Test*.a archives of
// libmlir-22-dev and have no C API. This file is the one piece of C++ in
// tile-mlir: it declares the archives' registration functions (they have no
// public header) and calls them, behind two C functions. It is built only
// when the archives are found (TILE_OPT_UPSTREAM_TESTS).

#include "upstream_tests.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

namespace mlir {
void registerCloneTestPasses();
void registerConvertToTargetEnvPass();
void registerLazyLoadingTestPasses();
void registerLoopLikeInterfaceTestPasses();
void registerPassManagerTestPass();
void registerPrintSpirvAvailabilityPass();
void registerPrintTosaAvailabilityPass();
void registerRegionTestPasses();
void registerShapeFunctionTestPasses();
void registerSideEffectTestPasses();
void registerSymbolTestPasses();
void registerTestAffineAccessAnalysisPass();
void registerTestAffineDataCopyPass();
void registerTestAffineLoopUnswitchingPass();
void registerTestAffineReifyValueBoundsPass();
void registerTestAffineWalk();
void registerTestBytecodeRoundtripPasses();
void registerTestDecomposeAffineOpPass();
void registerTestFunc();
void registerTestGpuLoweringPasses();
void registerTestGpuMemoryPromotionPass();
void registerTestLoopPermutationPass();
void registerTestMatchers();
void registerTestOperationEqualPass();
void registerTestPreserveUseListOrders();
void registerTestPrintDefUsePass();
void registerTestPrintInvalidPass();
void registerTestPrintNestingPass();
void registerTestReducer();
void registerTestSpirvEntryPointABIPass();
void registerTestSpirvModuleCombinerPass();
void registerTestTraitsPass();
void registerTosaTestQuantUtilAPIPass();
void registerVectorizerTestPass();
namespace test {
void registerCommutativityUtils();
void registerConvertCallOpPass();
void registerConvertFuncOpPass();
void registerInliner();
void registerInlinerCallback();
void registerMemRefBoundCheck();
void registerPatternsTestPass();
void registerSimpleParametricTilingPass();
void registerTestAffineLoopParametricTilingPass();
void registerTestAliasAnalysisPass();
void registerTestArithEmulateWideIntPass();
void registerTestBuiltinAttributeInterfaces();
void registerTestBuiltinDistinctAttributes();
void registerTestCFGLoopInfoPass();
void registerTestCallGraphPass();
void registerTestCfAssertPass();
void registerTestComposeSubView();
void registerTestCompositePass();
void registerTestControlFlowSink();
void registerTestConvertToSPIRVPass();
void registerTestDataLayoutPropagation();
void registerTestDataLayoutQuery();
void registerTestDeadCodeAnalysisPass();
void registerTestDecomposeCallGraphTypes();
void registerTestDiagnosticsMetadataPass();
void registerTestDiagnosticsPass();
void registerTestDialectConversionPasses();
void registerTestDominancePass();
void registerTestDynamicPipelinePass();
void registerTestEmulateNarrowTypePass();
void registerTestFooAnalysisPass();
void registerTestGenericIRVisitorsPass();
void registerTestIRVisitorsPass();
void registerTestInterfaces();
void registerTestIrdlTestDialectConversionPass();
void registerTestLLVMLegalizePatternsPass();
void registerTestLastModifiedPass();
void registerTestLinalgDecomposeOps();
void registerTestLinalgDropUnitDims();
void registerTestLinalgElementwiseFusion();
void registerTestLinalgGreedyFusion();
void registerTestLinalgRankReduceContractionOps();
void registerTestLinalgTransforms();
void registerTestLivenessAnalysisPass();
void registerTestLivenessPass();
void registerTestLoopFusion();
void registerTestLoopMappingPass();
void registerTestLoopUnrollingPass();
void registerTestLowerToArmSME();
void registerTestLowerToLLVM();
void registerTestMakeIsolatedFromAbovePass();
void registerTestMatchReductionPass();
void registerTestMathAlgebraicSimplificationPass();
void registerTestMathPolynomialApproximationPass();
void registerTestMathToVCIXPass();
void registerTestMemRefDependenceCheck();
void registerTestMemRefStrideCalculation();
void registerTestMemRefToLLVMWithTransforms();
void registerTestMultiBuffering();
void registerTestNVGPULowerings();
void registerTestNextAccessPass();
void registerTestOneShotModuleBufferizePass();
void registerTestOpLoweringPasses();
void registerTestOpaqueLoc();
void registerTestOpenACC();
void registerTestPDLByteCodePass();
void registerTestPDLLPasses();
void registerTestPadFusion();
void registerTestParallelLoopUnrollingPass();
void registerTestPassStateExtensionCommunication();
void registerTestRecursiveTypesPass();
void registerTestRemarkPass();
void registerTestReshardingPartitionPass();
void registerTestSCFUpliftWhileToFor();
void registerTestSCFUtilsPass();
void registerTestSCFWhileOpBuilderPass();
void registerTestSCFWrapInZeroTripCheckPasses();
void registerTestSPIRVCPURunnerPipeline();
void registerTestSPIRVFuncSignatureConversion();
void registerTestSPIRVVectorUnrolling();
void registerTestShapeMappingPass();
void registerTestShardSimplificationsPass();
void registerTestSingleFold();
void registerTestSliceAnalysisPass();
void registerTestStridedMetadataRangeAnalysisPass();
void registerTestTensorCopyInsertionPass();
void registerTestTensorLikeAndBufferLikePass();
void registerTestTensorTransforms();
void registerTestTopologicalSortAnalysisPass();
void registerTestTransformDialectEraseSchedulePass();
void registerTestVectorLowerings();
void registerTestVectorReductionToSPIRVDotProd();
void registerTestVulkanRunnerPipeline();
void registerTestWrittenToPass();
void registerTestXeGPULowerings();
} // namespace test
} // namespace mlir

namespace test {
void registerIrdlTestDialect(mlir::DialectRegistry &registry);
void registerTestDialect(mlir::DialectRegistry &registry);
void registerTestDynDialect(mlir::DialectRegistry &registry);
void registerTestTilingInterfaceTransformDialectExtension(
    mlir::DialectRegistry &registry);
void registerTestTransformDialectExtension(mlir::DialectRegistry &registry);
void registerTestTransformsTransformDialectExtension(
    mlir::DialectRegistry &registry);
} // namespace test

void tileOptRegisterUpstreamTestPasses(void) {
  // MLIRAffineTransformsTestPasses
  mlir::registerTestAffineAccessAnalysisPass();
  mlir::registerTestAffineDataCopyPass();
  mlir::test::registerTestAffineLoopParametricTilingPass();
  mlir::registerTestAffineLoopUnswitchingPass();
  mlir::registerTestAffineReifyValueBoundsPass();
  mlir::registerTestDecomposeAffineOpPass();
  mlir::test::registerTestLoopFusion();
  mlir::test::registerTestLoopMappingPass();
  mlir::registerTestLoopPermutationPass();
  mlir::registerVectorizerTestPass();
  // MLIRArithTestPasses
  mlir::test::registerTestArithEmulateWideIntPass();
  // MLIRArmSMETestPasses
  mlir::test::registerTestLowerToArmSME();
  // MLIRBufferizationTestPasses
  mlir::test::registerTestOneShotModuleBufferizePass();
  mlir::test::registerTestTensorCopyInsertionPass();
  mlir::test::registerTestTensorLikeAndBufferLikePass();
  // MLIRControlFlowTestPasses
  mlir::test::registerTestCfAssertPass();
  // MLIRDLTITestPasses
  mlir::test::registerTestDataLayoutQuery();
  // MLIRFuncTestPasses
  mlir::test::registerTestDecomposeCallGraphTypes();
  // MLIRGPUTestPasses
  mlir::registerTestGpuLoweringPasses();
  mlir::registerTestGpuMemoryPromotionPass();
  // MLIRLLVMTestPasses
  mlir::test::registerTestLLVMLegalizePatternsPass();
  mlir::test::registerTestLowerToLLVM();
  // MLIRLinalgTestPasses
  mlir::test::registerTestDataLayoutPropagation();
  mlir::test::registerTestLinalgDecomposeOps();
  mlir::test::registerTestLinalgDropUnitDims();
  mlir::test::registerTestLinalgElementwiseFusion();
  mlir::test::registerTestLinalgGreedyFusion();
  mlir::test::registerTestLinalgRankReduceContractionOps();
  mlir::test::registerTestLinalgTransforms();
  mlir::test::registerTestPadFusion();
  // MLIRLoopLikeInterfaceTestPasses
  mlir::registerLoopLikeInterfaceTestPasses();
  // MLIRMathTestPasses
  mlir::test::registerTestMathAlgebraicSimplificationPass();
  mlir::test::registerTestMathPolynomialApproximationPass();
  // MLIRMemRefTestPasses
  mlir::test::registerTestComposeSubView();
  mlir::test::registerTestEmulateNarrowTypePass();
  mlir::test::registerTestMultiBuffering();
  // MLIRNVGPUTestPasses
  mlir::test::registerTestNVGPULowerings();
  // MLIROpenACCTestPasses
  mlir::test::registerTestOpenACC();
  // MLIRSCFTestPasses
  mlir::test::registerSimpleParametricTilingPass();
  mlir::test::registerTestLoopUnrollingPass();
  mlir::test::registerTestParallelLoopUnrollingPass();
  mlir::test::registerTestSCFUpliftWhileToFor();
  mlir::test::registerTestSCFUtilsPass();
  mlir::test::registerTestSCFWhileOpBuilderPass();
  mlir::test::registerTestSCFWrapInZeroTripCheckPasses();
  // MLIRSPIRVTestPasses
  mlir::registerConvertToTargetEnvPass();
  mlir::registerPrintSpirvAvailabilityPass();
  mlir::registerTestSpirvEntryPointABIPass();
  mlir::registerTestSpirvModuleCombinerPass();
  // MLIRShapeTestPasses
  mlir::registerShapeFunctionTestPasses();
  mlir::test::registerTestShapeMappingPass();
  // MLIRShardTest
  mlir::test::registerTestOpLoweringPasses();
  mlir::test::registerTestReshardingPartitionPass();
  mlir::test::registerTestShardSimplificationsPass();
  // MLIRTensorTestPasses
  mlir::test::registerTestTensorTransforms();
  // MLIRTestAnalysis
  mlir::test::registerMemRefBoundCheck();
  mlir::test::registerTestAliasAnalysisPass();
  mlir::test::registerTestCFGLoopInfoPass();
  mlir::test::registerTestCallGraphPass();
  mlir::test::registerTestDeadCodeAnalysisPass();
  mlir::test::registerTestFooAnalysisPass();
  mlir::test::registerTestLastModifiedPass();
  mlir::test::registerTestLivenessAnalysisPass();
  mlir::test::registerTestLivenessPass();
  mlir::test::registerTestMatchReductionPass();
  mlir::test::registerTestMemRefDependenceCheck();
  mlir::test::registerTestMemRefStrideCalculation();
  mlir::test::registerTestNextAccessPass();
  mlir::test::registerTestSliceAnalysisPass();
  mlir::test::registerTestStridedMetadataRangeAnalysisPass();
  mlir::test::registerTestTopologicalSortAnalysisPass();
  mlir::test::registerTestWrittenToPass();
  // MLIRTestConvertToSPIRV
  mlir::test::registerTestSPIRVFuncSignatureConversion();
  mlir::test::registerTestSPIRVVectorUnrolling();
  // MLIRTestDialect
  mlir::test::registerPatternsTestPass();
  mlir::registerTestTraitsPass();
  // MLIRTestFuncToLLVM
  mlir::test::registerConvertCallOpPass();
  mlir::test::registerConvertFuncOpPass();
  // MLIRTestIR
  mlir::registerCloneTestPasses();
  mlir::registerLazyLoadingTestPasses();
  mlir::registerRegionTestPasses();
  mlir::registerSideEffectTestPasses();
  mlir::registerSymbolTestPasses();
  mlir::registerTestAffineWalk();
  mlir::test::registerTestBuiltinAttributeInterfaces();
  mlir::test::registerTestBuiltinDistinctAttributes();
  mlir::registerTestBytecodeRoundtripPasses();
  mlir::test::registerTestDiagnosticsMetadataPass();
  mlir::test::registerTestDiagnosticsPass();
  mlir::test::registerTestDominancePass();
  mlir::registerTestFunc();
  mlir::test::registerTestGenericIRVisitorsPass();
  mlir::test::registerTestIRVisitorsPass();
  mlir::test::registerTestInterfaces();
  mlir::registerTestMatchers();
  mlir::test::registerTestOpaqueLoc();
  mlir::registerTestOperationEqualPass();
  mlir::registerTestPreserveUseListOrders();
  mlir::registerTestPrintDefUsePass();
  mlir::registerTestPrintInvalidPass();
  mlir::registerTestPrintNestingPass();
  mlir::test::registerTestRecursiveTypesPass();
  // MLIRTestIRDLToCppDialect
  mlir::test::registerTestIrdlTestDialectConversionPass();
  // MLIRTestMathToVCIX
  mlir::test::registerTestMathToVCIXPass();
  // MLIRTestMemRefToLLVMWithTransforms
  mlir::test::registerTestMemRefToLLVMWithTransforms();
  // MLIRTestPDLL
  mlir::test::registerTestPDLLPasses();
  // MLIRTestPass
  mlir::registerPassManagerTestPass();
  mlir::test::registerTestConvertToSPIRVPass();
  mlir::test::registerTestDynamicPipelinePass();
  mlir::test::registerTestRemarkPass();
  mlir::test::registerTestSPIRVCPURunnerPipeline();
  mlir::test::registerTestVulkanRunnerPipeline();
  // MLIRTestReducer
  mlir::registerTestReducer();
  // MLIRTestRewrite
  mlir::test::registerTestPDLByteCodePass();
  // MLIRTestTransformDialect
  mlir::test::registerTestPassStateExtensionCommunication();
  mlir::test::registerTestTransformDialectEraseSchedulePass();
  // MLIRTestTransforms
  mlir::test::registerCommutativityUtils();
  mlir::test::registerInliner();
  mlir::test::registerInlinerCallback();
  mlir::test::registerTestCompositePass();
  mlir::test::registerTestControlFlowSink();
  mlir::test::registerTestDialectConversionPasses();
  mlir::test::registerTestMakeIsolatedFromAbovePass();
  mlir::test::registerTestSingleFold();
  // MLIRTestVectorToSPIRV
  mlir::test::registerTestVectorReductionToSPIRVDotProd();
  // MLIRTosaTestPasses
  mlir::registerPrintTosaAvailabilityPass();
  mlir::registerTosaTestQuantUtilAPIPass();
  // MLIRVectorTestPasses
  mlir::test::registerTestVectorLowerings();
  // MLIRXeGPUTestPasses
  mlir::test::registerTestXeGPULowerings();
}

void tileOptAppendUpstreamTestDialects(MlirContext ctx) {
  mlir::DialectRegistry registry;
  ::test::registerIrdlTestDialect(registry);
  ::test::registerTestDialect(registry);
  ::test::registerTestDynDialect(registry);
  ::test::registerTestTilingInterfaceTransformDialectExtension(registry);
  ::test::registerTestTransformDialectExtension(registry);
  ::test::registerTestTransformsTransformDialectExtension(registry);
  unwrap(ctx)->appendDialectRegistry(registry);
}
