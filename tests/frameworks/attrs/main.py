from shapes import Point, Segment


def main():
    print(Segment(Point(1)))
