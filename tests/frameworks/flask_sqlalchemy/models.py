from app import db


class Author(db.Model):
    __tablename__ = "authors"
    id = db.Column(db.Integer, primary_key=True)

    def initials(self):
        return "never read"


class Book(db.Model):
    id = db.Column(db.Integer, primary_key=True)
