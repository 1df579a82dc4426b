irdl.dialect @extra {
  irdl.operation @marker {
    %i = irdl.is i32
    irdl.operands(value: %i)
  }
}
