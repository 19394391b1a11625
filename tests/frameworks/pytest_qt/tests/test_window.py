def test_starts(qtbot):
    assert qtbot is not None
