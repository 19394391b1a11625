from redis import Redis
from rq import Queue

from jobs.tasks import count_words


def main():
    queue = Queue(connection=Redis())
    queue.enqueue(count_words, "a b c")
    queue.enqueue("jobs.tasks.legacy_word_count", "a b")


if __name__ == "__main__":
    main()
