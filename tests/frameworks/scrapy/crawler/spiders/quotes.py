import scrapy

from crawler.utils import clean_text


class QuotesSpider(scrapy.Spider):
    name = "quotes"
    start_urls = ["https://example.org"]

    def parse(self, response):
        yield {"text": clean_text(response.css("q::text").get())}
