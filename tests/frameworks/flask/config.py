SECRET_KEY = "dev"


class ProductionConfig:
    DEBUG = False
    TESTING = False
