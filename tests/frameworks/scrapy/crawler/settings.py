BOT_NAME = "crawler"
