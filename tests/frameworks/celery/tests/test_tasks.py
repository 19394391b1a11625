from proj.tasks import add


def test_add(celery_app):
    assert add(1, 2) == 3
