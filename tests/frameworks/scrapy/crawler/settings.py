BOT_NAME = "crawler"
USER_AGENT = "crawler (+https://example.org)"
DOWNLOADER_MIDDLEWARES = {"crawler.middlewares.UserAgentMiddleware": 400}
