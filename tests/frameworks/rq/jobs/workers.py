from rq import Worker


class LoggingWorker(Worker):
    def execute_job(self, job, queue):
        print("running", job.id)
        return super().execute_job(job, queue)
