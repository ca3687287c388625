// libm, declared rather than imported: Kiosk imports no C module.
@_extern(c, "pow") func libm_pow(_ x: Double, _ y: Double) -> Double
@_extern(c, "log10") func libm_log10(_ x: Double) -> Double
@_extern(c, "floor") func libm_floor(_ x: Double) -> Double
