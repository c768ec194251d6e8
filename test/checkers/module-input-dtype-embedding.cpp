// torchdtype-module-input-dtype, lookup layers: Embedding and EmbeddingBag
// take int64 or int32 indices only; floating or bool ones throw, whatever
// the weight's dtype. With PyTorchVersion 1.13 the warning quotes the
// message with the tensor's type filled in; later versions quote the
// record's signature unless its text is known for them.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

void float_ids() {
  torch::nn::Embedding table(16, 4);
  auto ids = torch::zeros({6}, torch::kFloat);
  auto h = table(ids);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'table' looks up indices of dtype Float but takes only Long or Int indices; this throws at run time: "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead (while checking arguments for embedding)" [kb: pytorch/embedding-index-dtype] [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:32: note: indices 'ids' have dtype Float from here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: fix: Cast the indices to int64 before the lookup: {{.*}}
}

void bag_of_bool_mask() {
  torch::nn::EmbeddingBag bag(16, 4);
  bag->forward(torch::ones({2, 3}, torch::kBool));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'bag' looks up indices of dtype Bool {{.*}} but got CPUBoolType instead (while checking arguments for embedding_bag)" [kb: pytorch/embedding-index-dtype] [torchdtype-module-input-dtype]
}

// The ids are computed in a helper, in floating point.
torch::Tensor bucket_of(const torch::Tensor &prices) {
  return (prices / 32.0).to(torch::kDouble);
}

struct PriceEncoderImpl : torch::nn::Module {
  PriceEncoderImpl() : table(register_module("table", torch::nn::Embedding(16, 4))) {}
  torch::Tensor forward(const torch::Tensor &prices) {
    return table(bucket_of(prices));
    // The callee does not know the device, which the message names: only
    // the record is linked, no message with placeholders is quoted.
    // CHECK-MESSAGES: :[[@LINE-3]]:12: warning: module 'table' looks up indices of dtype Double but takes only Long or Int indices; this throws at run time [kb: pytorch/embedding-index-dtype] [torchdtype-module-input-dtype]
  }
  torch::nn::Embedding table;
};
TORCH_MODULE(PriceEncoder);

void run_encoder() {
  PriceEncoder enc;
  enc->forward(torch::ones({6}, torch::kLong));
}

// Converted to Long on one branch only.
void on_one_branch(bool exact) {
  torch::nn::Embedding table(16, 4);
  auto ids = torch::ones({4}, torch::kFloat);
  if (exact)
    ids = ids.to(torch::kLong);
  table(ids);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'table' looks up indices of dtype Float {{.*}} [torchdtype-module-input-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'exact' is false
}

void in_a_loop() {
  torch::nn::Embedding table(16, 4);
  for (int step = 0; step < 3; ++step) {
    auto ids = torch::rand({4}) * 16;
    table(ids);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'table' looks up indices of dtype Float {{.*}} [torchdtype-module-input-dtype]
  }
}

void in_a_lambda() {
  torch::nn::Embedding table(16, 4);
  auto lookup = [&](const torch::Tensor &ids) { return table(ids); };
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: module 'table' looks up indices of dtype Half {{.*}} [torchdtype-module-input-dtype]
  lookup(torch::ones({3}, torch::kHalf));
}

#define LOOKUP(m, x) (m)->forward(x)
void through_a_macro() {
  torch::nn::Embedding table(16, 4);
  LOOKUP(table, torch::ones({3}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'table' looks up indices of dtype Double {{.*}} [torchdtype-module-input-dtype]
}

// ---- Negatives ------------------------------------------------------------

void long_and_int_ids() {
  torch::nn::Embedding table(16, 4);
  table(torch::ones({3}, torch::kLong));
  table(torch::ones({3}, torch::kInt));
  table(torch::randint(16, {3}));
}

void cast_before_the_lookup() {
  torch::nn::Embedding table(16, 4);
  auto ids = torch::rand({4}) * 16;
  table(ids.to(torch::kLong));
}

void converted_on_both_branches(bool exact) {
  torch::nn::Embedding table(16, 4);
  auto ids = torch::ones({4}, torch::kFloat);
  if (exact)
    ids = ids.to(torch::kLong);
  else
    ids = ids.to(torch::kInt);
  table(ids);
}

// A double weight does not make double indices work, nor is it needed.
void double_weight_long_ids() {
  torch::nn::Embedding table(16, 4);
  table->to(torch::kDouble);
  table(torch::ones({3}, torch::kLong));
}

template <typename Ids> void lookup_all(torch::nn::Embedding &table, Ids ids) {
  table(ids);
}
void template_with_unknown_ids(const torch::Tensor &ids) {
  torch::nn::Embedding table(16, 4);
  lookup_all(table, ids);
}
