# The package of dispatch-operand-dtype-python.cpp (its C++ is csrc/ext.cpp,
# written there by the test).
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(name="fused", packages=["fused"],
      ext_modules=[CUDAExtension("fused_ext", ["csrc/ext.cpp"])],
      cmdclass={"build_ext": BuildExtension})
