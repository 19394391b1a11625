from tenacity import retry, stop_after_attempt


@retry(stop=stop_after_attempt(3))
def fetch():
    return "data"


@retry(stop=stop_after_attempt(3))
def unused_fetch_all():
    return ["data"]
