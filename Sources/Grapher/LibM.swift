// libm through the C calling convention, so this pure module imports no C module.
@_extern(c, "log10") func libm_log10(_ x: Double) -> Double
@_extern(c, "pow") func libm_pow(_ x: Double, _ y: Double) -> Double
