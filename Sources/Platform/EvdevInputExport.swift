// The input path's pure half (descriptions, classification, mapping, calibration, touch frames) is part of
// Platform's surface, as it was before it moved out so that a recording's replay can share it.
@_exported import EvdevInput
