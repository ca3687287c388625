#!/usr/bin/env python3
"""One result that a VM run recorded (qemu_run.py's RESULTS json; standard library only).

  results.py RESULTS.json KEY      prints its value, or an empty line when it was not recorded
"""
import json, sys

if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(json.load(open(sys.argv[1])).get(sys.argv[2], ""))
