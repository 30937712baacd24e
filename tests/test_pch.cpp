// The target that builds tests/test_pch.hpp once (tests/CMakeLists.txt).
