import numba
import torch


@numba.njit
def step(x):
    return x + 1


@numba.njit
def unused_kernel(x):
    return x * 2


@torch.no_grad()
def evaluate(model):
    return model


@torch.inference_mode()
def unused_predict(model):
    return model
