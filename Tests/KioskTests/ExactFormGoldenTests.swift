@testable import Kiosk
import Testing

/// The exact form beside the number ("2√3 ≈ 3.464102") at every size the screen goldens cover, and between
/// DEG and the number on the smallest screens. Record with CALX_RECORD_GOLDEN=1, then look.
@Suite(.serialized) struct ExactFormGoldenTests {
    static let cases: [(GoldenScreenTests.Scene, Int, Int, Theme)] = [
        (.exactRoot, 800, 480, .light), (.exactRoot, 480, 800, .dark), (.exactRoot, 1280, 720, .light),
        (.exactRoot, 1920, 1080, .dark), (.exactRoot, 720, 1280, .light), (.exactRoot, 480, 320, .light),
        (.exactDegrees, 480, 320, .dark), (.exactDegrees, 800, 480, .light),
    ]

    @Test(arguments: cases.indices) func screen(_ index: Int) throws {
        let (scene, w, h, theme) = Self.cases[index]
        try GoldenScreenTests.expectGolden(scene, w, h, theme)
    }
}
