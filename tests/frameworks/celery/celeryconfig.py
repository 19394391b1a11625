broker_url = "redis://localhost:6379/0"
task_serializer = "json"
