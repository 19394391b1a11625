"""Scrapy: spiders are found by the framework through their base in the modules SPIDER_MODULES
names; the settings module `scrapy.cfg` names is read by name (UPPER_CASE settings). Pipelines and
middlewares are named by dotted path in the settings (read with the dotted-path rule)."""

from __future__ import annotations

import configparser
import posixpath
import re
from typing import Iterator

from . import BaseRule, FileRoot, Framework


def settings_modules(path: str, text: str) -> Iterator[FileRoot]:
    """the modules `[settings]` of scrapy.cfg names: Scrapy reads their UPPER_CASE names."""
    parser = configparser.ConfigParser()
    try:
        parser.read_string(text)
    except configparser.Error:
        return
    if not parser.has_section("settings"):
        return
    base = posixpath.dirname(path)
    for _, module in parser.items("settings"):
        module_path = posixpath.normpath(posixpath.join(base, module.strip().replace(".", "/")))
        yield FileRoot("^" + re.escape(module_path) + r"(?:\.py|/__init__\.py)$", r"[A-Z][A-Z0-9_]*",
                       f"Scrapy settings named in {path}")


FRAMEWORK = Framework(
    name="Scrapy",
    docs="https://docs.scrapy.org/en/latest/topics/settings.html",
    enabled_by=("scrapy", "file:scrapy.cfg"),
    config_files=("scrapy.cfg",),
    bases=(BaseRule(r"Spider|CrawlSpider|XMLFeedSpider|CSVFeedSpider|SitemapSpider", discovered=True),),
    read_config=settings_modules,
)
