def on_page_markdown(markdown, page, config, files):
    return markdown.replace("TODO", "")


def on_config(config):
    return config


def rewrite(markdown):
    return markdown
