"""The questions against a Mesh, HeightField or Chain (docs/python.md,
"Meshes"): one shape, or a shape array of n, against one surface."""

from . import _arrays, _exactgeom

SURFACES = (_exactgeom.Mesh, _exactgeom.HeightField, _exactgeom.Chain)


def split(x, y, fn):
    """(shape, surface, surface_is_x), or None when neither is a surface."""
    xs, ys = isinstance(x, SURFACES), isinstance(y, SURFACES)
    if xs and ys:
        raise ValueError(f"{fn}: x and y are both meshes or chains; one side must be a convex shape")
    if ys:
        return x, y, False
    if xs:
        return y, x, True
    return None


def ask(op, shape, surface, surface_is_x, v=None):
    if _arrays.shape_form(shape):
        if op == "closest_points":
            raise ValueError("closest_points: a shape array against a Mesh, HeightField or Chain is not supported; "
                             "ask one shape at a time (squared_distance and contact take arrays)")
        return _exactgeom._surface_batch(op, _arrays._shape_array(shape, "y" if surface_is_x else "x"), surface,
                                         surface_is_x, v)
    return _exactgeom._surface_one(op, shape, surface, surface_is_x, v)
