"""Fixtures shared by the comparison tests."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from compare.agreeing import agreeing_model as read_agreeing

from translator.compare.models.protocols import ComparedModel


@pytest.fixture(scope="session")
def agreeing_model(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], ComparedModel]:
    """Each agreeing encoding's model by its label, read once per test process."""
    return partial(read_agreeing, folder=tmp_path_factory.mktemp("agreeing"))
