__version__ = "1.0"
__author__ = "someone"
