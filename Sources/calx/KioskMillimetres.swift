import Platform

extension ScreenMillimetres {
    /// The size as Kiosk takes it: Kiosk is pure Swift and knows no Platform type.
    var kioskSize: (width: Double, height: Double) { (width, height) }
}
