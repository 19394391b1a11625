def pytest_configure(config):
    config.addinivalue_line("markers", "app: app marker")
