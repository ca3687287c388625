import Kiosk
import Raster
@testable import CalxApp

/// The state coder calx runs with: the tests read and write state files exactly as calx does.
func calxStateCoder() -> any StateCoder { JSONStateCoder() }

extension KioskApp {
    /// The tests' kiosk: the real controller or one of the tests' own, the state in calx's JSON.
    convenience init(width: Int, height: Int, millimetres: ScreenMillimetres? = nil,
                     theme: Theme = .light, textScale: Double = 1, settings: LayoutSettings = LayoutSettings(),
                     glyphs: any GlyphSource, storage: any StateStorage, model: (any CalculatorModel)? = nil) {
        if let model {
            self.init(width: width, height: height, millimetres: millimetres, theme: theme, textScale: textScale, settings: settings,
                      glyphs: glyphs,
                      storage: storage, coder: calxStateCoder(), model: model)
        } else {
            self.init(width: width, height: height, millimetres: millimetres, theme: theme, textScale: textScale, settings: settings,
                      glyphs: glyphs,
                      storage: storage, coder: calxStateCoder())
        }
    }
}
