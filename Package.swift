// swift-tools-version:6.0
import PackageDescription
import Foundation

// The pure core (CalculatorBrain, Calculator, Raster, Grapher, Kiosk) imports no C module; the one C library
// beneath it is Arb (proved digits), which CalculatorBrain reaches only through the Swift module Arb.
// Only Typeface, RasterPNG and Platform reach the system libraries through Modules/; all three touch files
// through SystemFiles (Glibc only).
// Pure modules declare libm's functions with @_extern(c) instead of importing Glibc.
let pureSwift: [SwiftSetting] = [.enableExperimentalFeature("Extern")]
let libm: [LinkerSetting] = [.linkedLibrary("m")]

// The release binary's memory (docs/performance.md, memory). lld, because gold can do neither of:
// - DT_RELR (glibc >= 2.36): the 38,000 relative relocations of a position-independent binary in 7 kB
//   instead of 900 kB of .rela.dyn, every byte of which the loader reads at start;
// - the functions the shot and the kiosk run, first in .text (scripts/build/symbol-order.txt, made by
//   scripts/build/symbol-order.sh), so the pages they fault in (64 kB at a time) hold little else.
// And the C++ runtime the Swift runtime needs from libstdc++.a (Modules/StaticCXX), not libstdc++.so,
// with the unwinder it needs from libgcc_eh.a (-static-libgcc), not libgcc_s.so: only the few members used
// instead of the loader mapping, relocating and looking up whole libraries.
let leanRelease: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/build/symbol-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering",
                  "-L\(Context.packageDirectory)/Modules/StaticCXX", "-Xclang-linker", "-static-libgcc"],
                 .when(platforms: [.linux], configuration: .release)),
]

// The app shell's classes (the app, the screen, its views' kept pictures) are read and written dozens of times a
// frame, and Swift checks each access for overlap at run time: a tenth of a key frame's instructions. Debug
// builds (every unit, golden and kiosk test) keep the checks; the release build leaves them out of Kiosk only.
let appShellRelease: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

// Arb, for the proved digits: Debian 12 ships it as libflint-arb beside FLINT 2, Debian 13 (the arm64 build's
// sysroot) inside FLINT 3's libflint. The header says which (Modules/CArb/shim.h chooses it the same way);
// FLINT's inline functions call GMP, so it is linked too. CALX_ARB_LIBRARIES names the libraries where the headers the build reads are not this machine's.
let arbLibraries: [String] = Context.environment["CALX_ARB_LIBRARIES"].map { $0.split(separator: " ").map(String.init) }
    ?? (FileManager.default.fileExists(atPath: "/usr/include/flint/arb.h") ? ["flint", "gmp"] : ["flint-arb", "flint", "gmp"])

let package = Package(
    name: "Calx",
    products: [
        .executable(name: "calx", targets: ["calx"]),
        .executable(name: "calx-touchplay", targets: ["CalxTouchPlayer"]),
        // The developers' long runs (soak, fuzz) over the code calx ships: built and run here, never packaged.
        .executable(name: "calx-lab", targets: ["CalxLab"]),
        // The bench-peers plugin: ../shared/bench-peers/run.sh --plugin libCalxAnchors.so
        .library(name: "CalxAnchors", type: .dynamic, targets: ["AnchorPlugin"]),
    ],
    targets: [
        // System libraries
        .systemLibrary(name: "CDRM", path: "Modules/CDRM", pkgConfig: "libdrm",
                       providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CEvdev", path: "Modules/CEvdev", pkgConfig: "libevdev",
                       providers: [.apt(["libevdev-dev"])]),
        // FreeType, and fontconfig's header only: Typeface opens libfontconfig with dlopen when it needs it.
        .systemLibrary(name: "CFreeType", path: "Modules/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", path: "Modules/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CUdev", path: "Modules/CUdev", pkgConfig: "libudev",
                       providers: [.apt(["libudev-dev"])]),
        // glibc's allocator controls (mallopt, mallinfo2): libc's own header, nothing to link.
        .systemLibrary(name: "CMalloc", path: "Modules/CMalloc"),
        // The fatal-signal console rescue: C, because a signal handler may call only async-signal-safe code.
        // DWARF 4, as the Swift code's: valgrind 3.19 misreads clang's DWARF 5 (its indexed strings) and, once the
        // binary grew with Arb, read past the file and gave up on the whole binary (memcheck).
        .target(name: "CConsoleRescue", path: "Modules/CConsoleRescue", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // signalfd, timerfd and inotify, which Glibc's module leaves out: libc's own headers, for SystemFiles.
        .systemLibrary(name: "CSystemFiles", path: "Modules/CSystemFiles"),
        // libsystemd's header and link, for ModulesTests: Platform opens the library itself, only under a
        // notify unit (ServiceNotifier), so it is not among calx's DT_NEEDED.
        .systemLibrary(name: "CSystemd", path: "Modules/CSystemd", pkgConfig: "libsystemd",
                       providers: [.apt(["libsystemd-dev"])]),

        // Arb's balls, under the calculator's proved digits: the one C library the pure core reaches, through Arb.
        .systemLibrary(name: "CArb", path: "Modules/CArb", providers: [.apt(["libflint-arb-dev"])]),
        .target(name: "Arb", dependencies: ["CArb"], exclude: ["README.md"],
                linkerSettings: arbLibraries.map { .linkedLibrary($0) }),

        // Pure Swift core
        .target(name: "CalculatorBrain", dependencies: ["Arb"], exclude: ["README.md"], swiftSettings: pureSwift, linkerSettings: libm),
        .target(name: "Raster", exclude: ["README.md"], swiftSettings: pureSwift, linkerSettings: libm),
        .target(name: "Grapher", dependencies: ["Raster"], exclude: ["README.md"], swiftSettings: pureSwift, linkerSettings: libm),
        .target(name: "Calculator", dependencies: ["CalculatorBrain"], exclude: ["README.md"], swiftSettings: pureSwift, linkerSettings: libm),
        // Evdev devices and their events as values: descriptions, classification, axis mapping, calibration, touch
        // frames. Platform feeds it from the kernel, a recording's replay from a file.
        .target(name: "EvdevInput", dependencies: ["Raster"], exclude: ["README.md"], swiftSettings: pureSwift),
        // libinput recordings, read, written and replayed through EvdevInput.
        .target(name: "InputRecordings", dependencies: ["EvdevInput", "Raster"], exclude: ["README.md"], swiftSettings: pureSwift),
        // On-screen touch calibration: the session, its layout and its picture.
        .target(name: "TouchCalibration", dependencies: ["EvdevInput", "Raster"], exclude: ["README.md"], swiftSettings: pureSwift),
        // The words and number style of each language: one data file per locale, built into the code.
        .target(name: "Locales", exclude: ["README.md"],
                resources: [.embedInCode("Strings/en.locale"), .embedInCode("Strings/de.locale"),
                            .embedInCode("Strings/fr.locale"), .embedInCode("Strings/es.locale")],
                swiftSettings: pureSwift),
        // The touch script format, one parser for the kiosk and calx-touchplay.
        .target(name: "TouchScripts", exclude: ["README.md"], swiftSettings: pureSwift),
        // A calculator program as the grapher's function: the one adapter between the two, for Kiosk and the bench plugin.
        .target(name: "ProgramGraphs", dependencies: ["CalculatorBrain", "Grapher"], exclude: ["README.md"], swiftSettings: pureSwift),
        .target(name: "Kiosk", dependencies: ["Calculator", "CalculatorBrain", "Grapher", "Locales", "ProgramGraphs", "Raster", "TouchScripts"],
                exclude: ["README.md"], swiftSettings: pureSwift + appShellRelease, linkerSettings: libm),

        // Platform edges
        // Files and descriptors through one seam of system calls, EINTR retried in one place, files replaced atomically.
        .target(name: "SystemFiles", dependencies: ["CSystemFiles"], exclude: ["README.md"]),
        .target(name: "Typeface", dependencies: ["CFreeType", "Raster", "SystemFiles"], exclude: ["README.md"]),
        .target(name: "RasterPNG", dependencies: ["CPNG", "Raster", "SystemFiles"], exclude: ["README.md"]),
        .target(name: "Platform", dependencies: ["CDRM", "CEvdev", "CUdev", "CMalloc", "CConsoleRescue", "EvdevInput", "Raster", "SystemFiles"],
                exclude: ["README.md"]),

        // The app library: the commands, the wiring of Kiosk to Platform, config, state coding, the key map.
        .target(name: "CalxApp",
                dependencies: ["Kiosk", "Calculator", "CalculatorBrain", "InputRecordings", "Locales", "Raster", "Typeface", "RasterPNG", "Platform",
                               "TouchCalibration", "TouchScripts"],
                exclude: ["README.md"]),
        // Seeded randomness: the lab's visitors and fuzz cases, and the property tests.
        .target(name: "SeededRandom", exclude: ["README.md"]),
        // The oracle of the long-session test and the lab's keys fuzzer and key bench: a second calculator written
        // from the rules, sharing no code with the brain, and visitor-shaped key sequences. Never shipped.
        .target(name: "ReferenceCalculator", dependencies: ["SeededRandom"], exclude: ["README.md"]),

        // Executables and the bench plugin
        .executableTarget(name: "calx", dependencies: ["CalxApp", "Platform"], exclude: ["README.md"],
                          linkerSettings: leanRelease),
        .executableTarget(name: "CalxLab",
                          dependencies: ["CalxApp", "Kiosk", "Calculator", "CalculatorBrain", "InputRecordings", "Raster", "Typeface",
                                         "Platform", "SeededRandom", "ReferenceCalculator"],
                          exclude: ["README.md"]),
        .executableTarget(name: "CalxTouchPlayer", dependencies: ["InputRecordings", "Platform", "Raster", "SeededRandom", "TouchScripts"], exclude: ["README.md"]),
        .target(name: "AnchorPlugin",
                dependencies: ["CalculatorBrain", "Raster", "Grapher", "ProgramGraphs", "Typeface"],
                exclude: ["README.md"]),

        // Test support: golden PNG comparison shared by the picture tests
        .target(name: "GoldenImage", dependencies: ["Raster", "RasterPNG"], path: "Tests/GoldenImage"),

        // Tests
        .testTarget(name: "TouchScriptsTests", dependencies: ["TouchScripts"]),
        .testTarget(name: "LocalesTests", dependencies: ["Locales"]),
        .testTarget(name: "CalculatorBrainTests", dependencies: ["SeededRandom", "CalculatorBrain", "Arb"]),
        .testTarget(name: "CalculatorTests", dependencies: ["SeededRandom", "Calculator", "CalculatorBrain", "ReferenceCalculator"]),
        .testTarget(name: "RasterTests", dependencies: ["SeededRandom", "Raster", "RasterPNG", "GoldenImage", "Typeface"],
                    exclude: ["References"]),
        .testTarget(name: "TypefaceTests", dependencies: ["Typeface", "Raster"]),
        .testTarget(name: "GrapherTests", dependencies: ["SeededRandom", "Grapher", "Raster", "GoldenImage", "Typeface", "CalculatorBrain"],
                    exclude: ["References"]),
        .testTarget(name: "KioskTests",
                    dependencies: ["Kiosk", "Calculator", "CalculatorBrain", "Locales", "ProgramGraphs", "Raster", "GoldenImage", "Typeface", "SeededRandom", "CalxApp"],
                    exclude: ["References"]),
        .testTarget(name: "EvdevInputTests", dependencies: ["EvdevInput", "Raster", "SystemFiles"]),
        .testTarget(name: "InputRecordingsTests", dependencies: ["InputRecordings", "EvdevInput", "Raster", "SystemFiles"]),
        .testTarget(name: "TouchCalibrationTests", dependencies: ["TouchCalibration", "EvdevInput", "Kiosk", "Raster", "GoldenImage", "Typeface"],
                    exclude: ["References"]),
        .testTarget(name: "SystemFilesTests", dependencies: ["SystemFiles"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "CDRM", "CEvdev", "Raster", "SeededRandom"]),
        .testTarget(name: "CalxCLITests", dependencies: ["calx", "CalxLab", "CalxApp", "Grapher", "InputRecordings", "RasterPNG", "Raster", "Kiosk",
                                                       "Platform", "Calculator", "SeededRandom"]),
        .testTarget(name: "AnchorPluginTests", dependencies: ["AnchorPlugin", "GoldenImage", "Raster"]),
        .testTarget(name: "ModulesTests", dependencies: ["CDRM", "CEvdev", "CFreeType", "CPNG", "CUdev", "CSystemd"],
                    linkerSettings: [.linkedLibrary("fontconfig")]),
    ],
    swiftLanguageModes: [.v6]
)

// Each function of a release build in a section of its own, so that lld can put the ones the shot and the kiosk
// run first in .text in the order of scripts/build/symbol-order.txt: without it a section is a whole source file,
// and the frames' code lay over 2.6 MB of the 64 kB blocks the kernel faults in (docs/performance.md, memory).
// Only where code goes changes, never the code.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))]
}
