class Formatter:
    def banner(self, text):
        return f"== {text} =="

    def footer(self, text):
        return f"-- {text} --"


def unused_footer(text):
    return f"-- {text} --"
