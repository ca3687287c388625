import CDRM
import CEvdev
import CFreeType
import CPNG
import CSystemd
import CUdev
import Testing

/// Each system library links and answers: a missing -dev package or module map fails here first.
@Suite struct SystemLibraryLinkTests {
    @Test func libdrmAnswersWithoutADevice() {
        // No /dev/dri here: drmAvailable() asks the kernel and must say no rather than crash.
        #expect(drmAvailable() == 0 || drmAvailable() == 1)
        #expect(calx_drm_format_xrgb8888() == 0x3432_5258) // 'XR24'
    }

    @Test func libevdevNamesEventCodes() {
        let name = libevdev_event_code_get_name(UInt32(EV_ABS), UInt32(ABS_MT_SLOT)).map { String(cString: $0) }
        #expect(name == "ABS_MT_SLOT")
    }

    @Test func freetypeReportsItsVersion() throws {
        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        #expect(major == 2)
        FT_Done_FreeType(library)
        #expect(FcGetVersion() >= 21000)
    }

    @Test func libpngReportsItsVersion() {
        let version = String(cString: png_get_libpng_ver(nil))
        #expect(version.hasPrefix("1.6"))
    }

    @Test func libudevNamesTheDRMSubsystemOfADevice() throws {
        // sysfs is there even without a GPU: the null device is a "mem" subsystem device.
        let udev = try #require(udev_new())
        defer { udev_unref(udev) }
        let device = try #require(udev_device_new_from_syspath(udev, "/sys/devices/virtual/mem/null"))
        defer { udev_device_unref(device) }
        #expect(udev_device_get_subsystem(device).map { String(cString: $0) } == "mem")
    }

    @Test func libsystemdSaysWhetherSystemdIsPID1() {
        // 1 on a systemd machine, 0 in a container without it; never an error.
        #expect(sd_booted() >= 0)
    }
}
