"""Scrapy and graphene: spiders and schema types are found by the framework through their base."""

from . import BaseRule, Framework

FRAMEWORK = Framework(
    name="Scrapy / graphene",
    docs="https://docs.scrapy.org/en/latest/topics/spiders.html",
    enabled_by=("scrapy", "graphene", "graphene-django"),
    bases=(BaseRule(r"Spider|CrawlSpider|ObjectType|Mutation|InputObjectType|Interface", discovered=True),),
)
