def test_patch(mocker):
    assert mocker is not None
