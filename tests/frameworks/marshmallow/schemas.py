from marshmallow import Schema, fields, post_load, validates


class TagSchema(Schema):
    name = fields.Str()


class PostSchema(Schema):
    title = fields.Str()
    tags = fields.List(fields.Nested("TagSchema"))

    @validates("title")
    def check_title(self, value, **kwargs):
        return value

    @post_load
    def make_post(self, data, **kwargs):
        return data


def unused_dump(post):
    return PostSchema().dump(post)


class AuditSchema(Schema):
    """Found through marshmallow's class registry by its name (fields.Nested("AuditSchema"))."""

    action = fields.Str()
