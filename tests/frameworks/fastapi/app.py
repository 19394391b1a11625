from fastapi import FastAPI
from fastapi.routing import APIRoute

from main import list_items

api = FastAPI(routes=[APIRoute("/v2/items", list_items)])
