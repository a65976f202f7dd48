from __future__ import annotations

import pytest


@pytest.fixture
def out(tmp_path):
    return tmp_path / "out.pdf"
