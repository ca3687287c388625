import Raster
import Testing
@testable import EvdevInput

@Suite struct AxisMappingTests {
    @Test(arguments: ["1 2 3", "", "1 0 0 0 1 0 0", "nan 0 0 0 1 0", "inf 0 0 0 1 0", "1 0 0 0 -inf 0",
                      "1e300 0 0 0 1 0", "0 0 0 0 0 0", "1 2 0 2 4 0", "1 0 0 0 1 foo", "1 0 0 0 1 0 junk",
                      "one 0 0 0 1 0", "0x1p3 0 0 0 1 nan"])
    func aCalibrationThatIsNotSixSaneNumbersIsRefused(text: String) {
        #expect(throws: Calibration.ParseError.self) { try Calibration.parse(text) }
    }

    @Test func libinputsExamplesAreAccepted() throws {
        #expect(try Calibration.parse("1 0 0 0 1 0") == Calibration.identity)
        #expect(try Calibration.parse("0 1 0 -1 0 1") == Calibration(0, 1, 0, -1, 0, 1))
        #expect(try Calibration.parse("-1,0,1,0,-1,1") == Calibration(-1, 0, 1, 0, -1, 1))
        #expect(try Calibration.parse("  1.02\t0 -0.01 0 0.98 0.01 ") == Calibration(1.02, 0, -0.01, 0, 0.98, 0.01))
    }

    @Test func theErrorSaysWhatIsWrong() {
        do { _ = try Calibration.parse("0 0 0 0 0 0") } catch { #expect(error.description.contains("singular")) }
        do { _ = try Calibration.parse("1 0 0 0 1 nan") } catch { #expect(error.description.contains("'nan'")) }
    }

    /// Whatever the device reports and whatever matrix got in, a touch lands on the screen.
    @Test func everyPointIsOnTheScreen() {
        let extremes = [Int.min, Int(Int32.min), -1, 0, 1, 500, Int(Int32.max), Int.max]
        let matrices = [Calibration.identity, Calibration(100, 0, -50, 0, 100, -50), Calibration(-100, 100, 100, 100, -100, -100),
                        Calibration(.nan, 0, 0, 0, 1, 0), Calibration(1e300, 0, 0, 0, 1e300, 0)]
        for calibration in matrices {
            for rotation in ScreenRotation.allCases {
                for range in [0...1000, Int(Int32.min)...Int(Int32.max), 5...5] {
                    let m = AxisMapping(xRange: range, yRange: range, screenWidth: 800, screenHeight: 480,
                                        rotation: rotation, calibration: calibration)
                    for x in extremes {
                        for y in extremes {
                            let p = m.map(rawX: x, rawY: y)
                            #expect((0...799).contains(p.x) && (0...479).contains(p.y), "\(calibration) \(rotation) \(x),\(y) -> \(p)")
                        }
                    }
                }
            }
        }
    }
}
