def test_up(docker_services):
    assert docker_services is not None
