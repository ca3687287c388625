/// A recording laid out as `libinput record` 1.22 writes one (tools/libinput-record.c): the header, the
/// commented description, codes and absinfo, a HID descriptor over several lines, udev properties at their
/// key's indentation, quirks, and evdev frames with a libinput event between them. A single-touch panel with
/// a calibration matrix, tapped once at raw (1000, 3000) and lifted 80 ms later.
let libinputSample = """
# libinput record
version: 1
ndevices: 1
libinput:
  version: "1.22.1"
  git: "unknown"
system:
  os: "debian:12"
  kernel: "6.1.0-37-amd64"
  dmi: "dmi:bvnSeaBIOS:bvr1.16.2-debian-1.16.2-1:bd04/01/2014:svnQEMU:pnStandardPC(i440FX+PIIX,1996):"
devices:
- node: /dev/input/event5
  evdev:
    # Name: ADS7846 Touchscreen
    # ID: bus 0x001c (spi) vendor 0000 product 0x1ea6 version 0000
    # Size in mm: unknown, missing resolution
    # Supported Events:
    # Event type 0 (EV_SYN)
    # Event type 1 (EV_KEY)
    #   Event code 330 (BTN_TOUCH)
    # Event type 3 (EV_ABS)
    #   Event code 0 (ABS_X)
    #       Value         0
    #       Min           0
    #       Max        4095
    # Properties:
    name: "ADS7846 Touchscreen"
    id: [28, 0, 7846, 0]
    codes:
      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 24] # EV_ABS
    absinfo:
      0: [0, 4095, 0, 0, 0]
      1: [0, 4095, 0, 0, 0]
      24: [0, 255, 0, 0, 0]
    properties: []
  hid: [
    0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01, 0x85, 0x01, 0x09, 0x22, 0xa1, 0x02, 0x09, 0x42, 0x15, 0x00,
    0x25, 0x01
  ]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
    - LIBINPUT_CALIBRATION_MATRIX=1 0 0 0 -1 1
    - DRIVER=ads7846
    virtual: false
  quirks:
  - AttrSizeHint=70x40
  events:
  # Current time is 12:34:56
  - evdev:
    - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
    - [  0,      0,   3,   0,    1000] # EV_ABS / ABS_X                  1000 (+1000)
    - [  0,      0,   3,   1,    3000] # EV_ABS / ABS_Y                  3000 (+3000)
    - [  0,      0,   3,  24,     180] # EV_ABS / ABS_PRESSURE            180 (+180)
    - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
  - libinput:
    - {time: 0.000000, type: TOUCH_DOWN, slot: 0 (0), point: [24.42, 26.74], transformed: [24.42, 26.74]}
  - evdev:
    - [  0,  80000,   1, 330,       0] # EV_KEY / BTN_TOUCH                 0
    - [  0,  80000,   3,  24,       0] # EV_ABS / ABS_PRESSURE              0 (-180)
    - [  0,  80000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +80ms
                                 # Touch device in neutral state

"""
