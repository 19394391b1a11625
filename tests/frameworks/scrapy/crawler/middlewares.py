from crawler.settings import USER_AGENT


class UserAgentMiddleware:
    def process_request(self, request, spider):
        request.headers["User-Agent"] = USER_AGENT
