"""Pickles written by the original mock API's pinned pandas 2.0.3 and numpy 1.26.4 load through the
allow-list unpickler under the installed pandas/numpy (numpy.core.* and pandas 2.0 module paths, a name
pandas later renamed), without a warning."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from cragkg_fixture import INFO, grammy_frame, soccer_frame

from mockapi.importers.kg import safe_pickle


@pytest.mark.parametrize("protocol", [4, 5])
def test_files_written_by_the_originals_pandas_still_load(protocol: int) -> None:
    """data/*.pkl: cragkg_fixture's soccer and Grammy frames, finance info and scalars, pickled by pandas
    2.0.3 and numpy 1.26.4 (the original mock API's pins)."""
    import pandas as pd

    path = Path(__file__).parent / "data" / f"pandas-2.0.3-numpy-1.26.4-protocol-{protocol}.pkl"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy 2 warns on numpy.core.*: the importer maps it to numpy._core
        loaded = safe_pickle.load(path)
    pd.testing.assert_frame_equal(
        loaded["soccer"], soccer_frame(), check_dtype=False, check_column_type=False, check_index_type=False
    )
    pd.testing.assert_frame_equal(
        loaded["grammy"], grammy_frame(), check_dtype=False, check_column_type=False
    )
    assert loaded["info"].keys() == INFO.keys()
    assert (
        loaded["extra"][:3] == [3, 2.5, pd.Timestamp("2024-01-01", tz="UTC")] and loaded["extra"][3] is pd.NaT
    )
