"""Which modules a real command loads: the start-up budget keeps heavy ones off quick paths."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def loaded_modules(*argv: str) -> set[str]:
    """Run the console entry point with ``argv`` in a fresh interpreter; list what it imported."""
    code = (
        "import json, sys\n"
        "from floorman.cli import main\n"
        f"sys.argv = ['floorman', *{list(argv)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    return set(json.loads(result.stderr.splitlines()[-1]))
