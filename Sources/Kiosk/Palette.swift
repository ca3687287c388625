import Calculator
import Raster

/// The colours of one theme. Every text colour meets WCAG AA (4.5:1) on the surface it sits on; every
/// curve colour meets AA for graphics (3:1) on the graph's face, the first four AA for text too. High
/// contrast goes further: every text 7:1 (AAA), every key face 3:1 on the surface around it.
public struct Palette: Sendable, Equatable {
    public struct KeyColors: Sendable, Equatable {
        public var face: Color
        public var pressed: Color
        public var text: Color
    }
    public var background: Color
    public var displayFace: Color
    public var displayText: Color
    public var descriptionText: Color
    public var memoryText: Color
    public var errorText: Color
    public var digit: KeyColors
    public var operation: KeyColors
    public var function: KeyColors
    public var command: KeyColors
    public var accent: KeyColors
    public var disabled: KeyColors
    public var graphFace: Color
    public var graphTitle: Color
    public var axis: Color
    public var grid: Color
    public var tickText: Color
    public var curve: Color
    /// One colour for each curve on the graph, `curve` first: Okabe–Ito's colour-blind-safe hues
    /// (vermillion, blue, bluish green, reddish purple, orange or yellow, sky or deep blue), darkened on
    /// the light face and kept or lightened on the dark one until they meet the contrast above.
    public var curves: [Color]
    public var trace: Color
    public var traceText: Color

    public func keyColors(_ role: KeyRole) -> KeyColors {
        switch role {
        case .digit: return digit
        case .operation: return operation
        case .function: return function
        case .command: return command
        case .accent: return accent
        }
    }

    public init(_ theme: Theme) {
        switch theme {
        case .light:
            background = Color(rgb: 0xE9ECF1)
            displayFace = Color(rgb: 0xFFFFFF)
            displayText = Color(rgb: 0x111318)
            descriptionText = Color(rgb: 0x4A5160)
            memoryText = Color(rgb: 0x1F4E9C)
            errorText = Color(rgb: 0xB3261E)
            digit = KeyColors(face: Color(rgb: 0xFFFFFF), pressed: Color(rgb: 0xC9CED8), text: Color(rgb: 0x111318))
            operation = KeyColors(face: Color(rgb: 0xB4530A), pressed: Color(rgb: 0x7C3806), text: Color(rgb: 0xFFFFFF))
            function = KeyColors(face: Color(rgb: 0xD5DBE5), pressed: Color(rgb: 0xAAB3C2), text: Color(rgb: 0x1B2330))
            command = KeyColors(face: Color(rgb: 0x5B6474), pressed: Color(rgb: 0x3A414D), text: Color(rgb: 0xFFFFFF))
            accent = KeyColors(face: Color(rgb: 0x1D4ED8), pressed: Color(rgb: 0x163A9E), text: Color(rgb: 0xFFFFFF))
            disabled = KeyColors(face: Color(rgb: 0xDADDE3), pressed: Color(rgb: 0xDADDE3), text: Color(rgb: 0x4B5260))
            graphFace = Color(rgb: 0xFFFFFF)
            graphTitle = Color(rgb: 0x111318)
            axis = Color(rgb: 0x3A414D)
            grid = Color(rgb: 0xE3E7EE)
            tickText = Color(rgb: 0x4A5160)
            curve = Color(rgb: 0xC2410C)
            curves = [curve, Color(rgb: 0x0072B2), Color(rgb: 0x008762), Color(rgb: 0xBC4F8B), Color(rgb: 0xB07A00),
                      Color(rgb: 0x1F8ACB)]
            trace = Color(rgb: 0x1D4ED8)
            traceText = Color(rgb: 0x163A9E)
        case .dark:
            background = Color(rgb: 0x0E1014)
            displayFace = Color(rgb: 0x000000)
            displayText = Color(rgb: 0xF4F6FA)
            descriptionText = Color(rgb: 0xAEB6C4)
            memoryText = Color(rgb: 0x8AB4FF)
            errorText = Color(rgb: 0xFF8A80)
            digit = KeyColors(face: Color(rgb: 0x2A2F38), pressed: Color(rgb: 0x4A5260), text: Color(rgb: 0xF4F6FA))
            operation = KeyColors(face: Color(rgb: 0xB4530A), pressed: Color(rgb: 0x7C3806), text: Color(rgb: 0xFFFFFF))
            function = KeyColors(face: Color(rgb: 0x3A4250), pressed: Color(rgb: 0x5A6476), text: Color(rgb: 0xE8ECF2))
            command = KeyColors(face: Color(rgb: 0x59606C), pressed: Color(rgb: 0x3A404A), text: Color(rgb: 0xFFFFFF))
            accent = KeyColors(face: Color(rgb: 0x2F5BD3), pressed: Color(rgb: 0x1E3F9C), text: Color(rgb: 0xFFFFFF))
            disabled = KeyColors(face: Color(rgb: 0x262A31), pressed: Color(rgb: 0x262A31), text: Color(rgb: 0x959DAB))
            graphFace = Color(rgb: 0x15181D)
            graphTitle = Color(rgb: 0xF4F6FA)
            axis = Color(rgb: 0xAEB6C4)
            grid = Color(rgb: 0x262B33)
            tickText = Color(rgb: 0xAEB6C4)
            curve = Color(rgb: 0xFF9F5A)
            curves = [curve, Color(rgb: 0x56B4E9), Color(rgb: 0x009E73), Color(rgb: 0xCC79A7), Color(rgb: 0xF0E442),
                      Color(rgb: 0x0086D1)]
            trace = Color(rgb: 0x8AB4FF)
            traceText = Color(rgb: 0x8AB4FF)
        case .highContrast:
            // Black surfaces, white text, and keys as light faces with black text: a face dark enough for
            // white text at 7:1 could not stand 3:1 off a black keypad.
            background = Color(rgb: 0x000000)
            displayFace = Color(rgb: 0x000000)
            displayText = Color(rgb: 0xFFFFFF)
            descriptionText = Color(rgb: 0xE6E6E6)
            memoryText = Color(rgb: 0x7FDBFF)
            errorText = Color(rgb: 0xFF9E9E)
            digit = KeyColors(face: Color(rgb: 0xFFFFFF), pressed: Color(rgb: 0xB8B8B8), text: Color(rgb: 0x000000))
            operation = KeyColors(face: Color(rgb: 0xFFD60A), pressed: Color(rgb: 0xC9A800), text: Color(rgb: 0x000000))
            function = KeyColors(face: Color(rgb: 0x7FDBFF), pressed: Color(rgb: 0x4AA8D0), text: Color(rgb: 0x000000))
            command = KeyColors(face: Color(rgb: 0xD9B8FF), pressed: Color(rgb: 0xB08AE0), text: Color(rgb: 0x000000))
            accent = KeyColors(face: Color(rgb: 0x7CFC7C), pressed: Color(rgb: 0x4CC44C), text: Color(rgb: 0x000000))
            disabled = KeyColors(face: Color(rgb: 0xA6A6A6), pressed: Color(rgb: 0xA6A6A6), text: Color(rgb: 0x000000))
            graphFace = Color(rgb: 0x000000)
            graphTitle = Color(rgb: 0xFFFFFF)
            axis = Color(rgb: 0xFFFFFF)
            grid = Color(rgb: 0x3D3D3D)
            tickText = Color(rgb: 0xE6E6E6)
            curve = Color(rgb: 0xFFD60A)
            curves = [curve, Color(rgb: 0x56B4E9), Color(rgb: 0x2EE6A8), Color(rgb: 0xFF8AD8), Color(rgb: 0xFF8C1A),
                      Color(rgb: 0xA6A6FF)]
            trace = Color(rgb: 0x7FDBFF)
            traceText = Color(rgb: 0x7FDBFF)
        }
    }

    /// Every (text, surface) pair the screen draws, for the contrast check.
    public var textPairs: [(name: String, text: Color, surface: Color)] {
        var pairs: [(String, Color, Color)] = [
            ("display", displayText, displayFace), ("description", descriptionText, displayFace),
            ("memory", memoryText, displayFace), ("error", errorText, displayFace),
            ("graph title", graphTitle, graphFace), ("ticks", tickText, graphFace), ("trace", traceText, graphFace),
        ]
        for role in KeyRole.allCases {
            let k = keyColors(role)
            pairs.append(("\(role) key", k.text, k.face))
            pairs.append(("\(role) key pressed", k.text, k.pressed))
        }
        pairs.append(("disabled key", disabled.text, disabled.face))
        // The history list's title sits on the keypad's background.
        pairs.append(("history title", displayText, background))
        return pairs
    }

    /// Every key face on the surface around it: the keypad's keys on the background, the graph pane's
    /// keys (command and disabled colours) on the graph's face.
    public var keyFacePairs: [(name: String, face: Color, surface: Color)] {
        var pairs: [(String, Color, Color)] = []
        for role in KeyRole.allCases {
            let k = keyColors(role)
            pairs.append(("\(role) key", k.face, background))
            pairs.append(("\(role) key pressed", k.pressed, background))
        }
        pairs.append(("disabled key", disabled.face, background))
        for (name, k) in [("pane key", command), ("disabled pane key", disabled)] {
            pairs.append((name, k.face, graphFace))
            pairs.append((name + " pressed", k.pressed, graphFace))
        }
        return pairs
    }
}

/// WCAG 2 contrast ratio of two opaque colours, 1...21.
public func contrastRatio(_ a: Color, _ b: Color) -> Double {
    let la = relativeLuminance(a), lb = relativeLuminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func relativeLuminance(_ c: Color) -> Double {
    func channel(_ v: UInt8) -> Double {
        let s = Double(v) / 255
        return s <= 0.03928 ? s / 12.92 : libm_pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
}
