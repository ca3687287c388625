import Raster
import Testing
@testable import Platform

/// For every rotation: touch the panel where the turned picture shows upright pixel P, and the contact
/// must come out at P. The picture goes through a display's real present; the touch goes through the
/// mapping DisplayLoop builds for each device (the display's upright size and the rotation in degrees).
@Test(arguments: ScreenRotation.allCases)
func aTouchLandsOnThePixelThePictureShowsThere(rotation: ScreenRotation) throws {
    let panel = (width: 7, height: 5)
    let fake = FakeFramebuffer(width: panel.width, height: panel.height, format: .xrgb8888, pages: 1)
    let display = fake.display(rotation: rotation)
    let picture = display.drawBuffer
    // Each upright pixel holds its own index, so the scanout says which pixel it shows.
    for y in 0..<picture.height { for x in 0..<picture.width { picture.row32(y)[x] = UInt32(y * picture.width + x) } }
    try display.present(damage: [picture.bounds])

    // A panel whose raw axes do not start at 0 and have one step per scanout pixel.
    let mapping = AxisMapping(xRange: 100...(100 + panel.width - 1), yRange: 50...(50 + panel.height - 1),
                              screenWidth: display.width, screenHeight: display.height, rotation: rotation)
    var assembler = TouchFrameAssembler(mapping: mapping)
    for qy in 0..<panel.height {
        for qx in 0..<panel.width {
            let shown = Int(fake.pages[0].row32(qy)[qx])
            let p = (x: shown % picture.width, y: shown / picture.width)
            _ = assembler.feed(type: InputCode.EV_ABS, code: InputCode.ABS_X, value: Int32(100 + qx))
            _ = assembler.feed(type: InputCode.EV_ABS, code: InputCode.ABS_Y, value: Int32(50 + qy))
            _ = assembler.feed(type: InputCode.EV_KEY, code: InputCode.BTN_TOUCH, value: 1)
            let down = assembler.feed(type: InputCode.EV_SYN, code: InputCode.SYN_REPORT, value: 0)
            _ = assembler.feed(type: InputCode.EV_KEY, code: InputCode.BTN_TOUCH, value: 0)
            _ = assembler.feed(type: InputCode.EV_SYN, code: InputCode.SYN_REPORT, value: 0)
            #expect(down.count == 1)
            guard let touch = down.first else { continue }
            #expect(abs(touch.x - Double(p.x)) < 1e-9 && abs(touch.y - Double(p.y)) < 1e-9,
                    "\(rotation): panel (\(qx), \(qy)) shows \(p) but the touch maps to (\(touch.x), \(touch.y))")
        }
    }
}
