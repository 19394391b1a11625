import time


class TimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.monotonic()
        response = self.get_response(request)
        response["X-Time"] = str(time.monotonic() - started)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        return None
