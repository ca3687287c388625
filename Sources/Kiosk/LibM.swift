// libm, declared rather than imported: Kiosk imports no C module.
@_extern(c, "pow") func libm_pow(_ x: Double, _ y: Double) -> Double
