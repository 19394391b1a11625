class ApiUser:
    """A user class without UserMixin: Flask-Login still calls its protocol by name."""

    def __init__(self, token):
        self.token = token

    def get_id(self):
        return self.token

    @property
    def is_authenticated(self):
        return True

    def describe(self):
        return "never called"
