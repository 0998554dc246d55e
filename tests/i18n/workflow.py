"""scripts/i18n.py (the catalogue workflow; scripts/ is no package) loaded as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

PATH = Path(__file__).resolve().parents[2] / "scripts" / "i18n.py"


def load():
    name = "referee_i18n_workflow"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, PATH)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


workflow = load()
