# Builds the example extension the way most extensions are built: with
# torch.utils.cpp_extension (ninja backend), from Debian's python3-torch.
#   python3 setup.py build_ext --inplace
#   ninja -C build/temp.* -t compdb compile > compile_commands.json
# See docs/extensions.md.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(
    name="fused_ops",
    ext_modules=[CppExtension("fused_ops", ["fused_ops.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
