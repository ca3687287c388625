import CDRM
import Raster
import Testing
@testable import Platform

/// Screen info as a driver answers it: `bits` deep, channels (offset, length) red, green, blue.
func screenInfo(_ width: Int, _ height: Int, bits: Int, channels: [(Int, Int)], virtualHeight: Int? = nil,
                yOffset: Int = 0, line: Int, memory: Int, panStep: Int = 0, driver: String = "BCM2708 FB") -> (fb_var_screeninfo, fb_fix_screeninfo) {
    var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
    v.xres = UInt32(width); v.yres = UInt32(height)
    v.xres_virtual = UInt32(width); v.yres_virtual = UInt32(virtualHeight ?? height)
    v.yoffset = UInt32(yOffset)
    v.bits_per_pixel = UInt32(bits)
    v.red = fb_bitfield(offset: UInt32(channels[0].0), length: UInt32(channels[0].1), msb_right: 0)
    v.green = fb_bitfield(offset: UInt32(channels[1].0), length: UInt32(channels[1].1), msb_right: 0)
    v.blue = fb_bitfield(offset: UInt32(channels[2].0), length: UInt32(channels[2].1), msb_right: 0)
    v.width = 154; v.height = 86
    f.line_length = UInt32(line); f.smem_len = UInt32(memory); f.ypanstep = UInt16(panStep)
    withUnsafeMutableBytes(of: &f.id) { id in for (i, byte) in driver.utf8.prefix(15).enumerated() { id[i] = byte } }
    return (v, f)
}

let xrgb = [(16, 8), (8, 8), (0, 8)], rgb565 = [(11, 5), (5, 6), (0, 5)]

@Test func thirtyTwoBitXRGBIsOnePageOnScreen() throws {
    let (v, f) = screenInfo(800, 480, bits: 32, channels: xrgb, line: 3328, memory: 3328 * 480)
    let layout = try FramebufferLayout(variable: v, fixed: f, path: "fb")
    #expect(layout.format == .xrgb8888 && layout.strideBytes == 3328 && layout.pageOffsets == [0])
    #expect(layout.millimetres?.width == 154 && layout.millimetres?.height == 86)
}

@Test func sixteenBitIsRGB565() throws {
    let (v, f) = screenInfo(480, 320, bits: 16, channels: rgb565, line: 960, memory: 960 * 320)
    #expect(try FramebufferLayout(variable: v, fixed: f, path: "fb").format == .rgb565)
}

@Test func aVirtualScreenTwiceAsTallPansBetweenTwoPages() throws {
    let (v, f) = screenInfo(320, 240, bits: 16, channels: rgb565, virtualHeight: 480, line: 640, memory: 640 * 480, panStep: 1)
    #expect(try FramebufferLayout(variable: v, fixed: f, path: "fb").pageOffsets == [0, 640 * 240])
    // Without panning support, or without the memory for it, the second page is not used.
    let (v2, f2) = screenInfo(320, 240, bits: 16, channels: rgb565, virtualHeight: 480, line: 640, memory: 640 * 480, panStep: 0)
    #expect(try FramebufferLayout(variable: v2, fixed: f2, path: "fb").pageOffsets == [0])
    let (v3, f3) = screenInfo(320, 240, bits: 16, channels: rgb565, virtualHeight: 480, line: 640, memory: 640 * 300, panStep: 1)
    #expect(try FramebufferLayout(variable: v3, fixed: f3, path: "fb").pageOffsets == [0])
}

@Test func drmFbdevEmulationStaysOnOnePage() throws {
    let (v, f) = screenInfo(800, 480, bits: 32, channels: xrgb, virtualHeight: 960, line: 3200, memory: 3200 * 960,
                            panStep: 1, driver: "bochs-drmdrmfb")
    #expect(FramebufferLayout.driverName(f) == "bochs-drmdrmfb")
    #expect(try FramebufferLayout(variable: v, fixed: f, path: "fb").pageOffsets == [0])
}

@Test func aScreenPannedDownIsDrawnWhereItIsShown() throws {
    let (v, f) = screenInfo(320, 240, bits: 32, channels: xrgb, virtualHeight: 480, yOffset: 240, line: 1280, memory: 1280 * 480)
    let layout = try FramebufferLayout(variable: v, fixed: f, path: "fb")
    #expect(layout.pageOffsets == [1280 * 240] && layout.visibleOffset == 1280 * 240)
}

@Test func unspecifiedChannelsMeanTheUsualOrder() throws {
    let (v, f) = screenInfo(64, 48, bits: 32, channels: [(0, 0), (0, 0), (0, 0)], line: 256, memory: 256 * 48)
    #expect(try FramebufferLayout(variable: v, fixed: f, path: "fb").format == .xrgb8888)
}

@Test func layoutsCalxCannotDriveAreRefusedWithWhatWasFound() {
    let bgr = screenInfo(64, 48, bits: 32, channels: [(0, 8), (8, 8), (16, 8)], line: 256, memory: 256 * 48)
    #expect(throws: PlatformError.self) { try FramebufferLayout(variable: bgr.0, fixed: bgr.1, path: "fb") }
    do { _ = try FramebufferLayout(variable: bgr.0, fixed: bgr.1, path: "fb") } catch {
        #expect(error.operation.contains("red 0/8") && error.subject == "fb")
    }
    let deep24 = screenInfo(64, 48, bits: 24, channels: xrgb, line: 192, memory: 192 * 48)
    #expect(throws: PlatformError.self) { try FramebufferLayout(variable: deep24.0, fixed: deep24.1, path: "fb") }
    let shortLine = screenInfo(64, 48, bits: 32, channels: xrgb, line: 200, memory: 256 * 48)
    #expect(throws: PlatformError.self) { try FramebufferLayout(variable: shortLine.0, fixed: shortLine.1, path: "fb") }
    let shortMemory = screenInfo(64, 48, bits: 32, channels: xrgb, line: 256, memory: 256 * 47)
    #expect(throws: PlatformError.self) { try FramebufferLayout(variable: shortMemory.0, fixed: shortMemory.1, path: "fb") }
}
