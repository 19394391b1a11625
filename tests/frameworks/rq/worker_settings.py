REDIS_URL = "redis://localhost:6379/1"
QUEUES = ["high", "default"]
